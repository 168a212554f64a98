/** The Cognito group of administrators (its name is shared by the CDK app and the handlers). */
export const ADMIN_GROUP = 'admin';
