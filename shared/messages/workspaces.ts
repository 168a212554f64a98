import { roleLabels, type WorkspacePermission, type WorkspaceRole } from '../workspaces/roles';

/**
 * What each permission lets a member do, as both the server's 403 `role_forbidden` and the web app's
 * role notice name it: one table, so a refusal and the notice beside a turned-off control agree.
 */
export const permissionActions: Record<WorkspacePermission, string> = {
  read: 'reading this workspace',
  comment: 'commenting',
  write: 'creating or changing threads',
  review: 'approving threads',
  connections: 'connecting or disconnecting accounts',
  members: 'managing members',
  billing: 'buying credits, deleting the workspace or transferring it',
};

/** The texts of workspaces, their members and invitations. */
export const workspaceMessages = {
  personalName: 'Personal',
  accessDenied: 'You are not a member of this workspace, or it no longer exists.',
  roleForbidden: (role: WorkspaceRole, permission: WorkspacePermission) =>
    `Your role in this workspace (${role}) does not allow ${permissionActions[permission]}. Ask an owner or admin.`,
  invitationInvalid:
    'This invitation link is invalid, was already used, was revoked, or has expired. Ask for a new invitation.',
  invitationForAnotherEmail: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that email address to accept it.`,
  invitationNotFound: 'This invitation was not found: it was used or revoked.',
  memberNotFound: 'This person is not a member of this workspace.',
  alreadyMember: 'You are already a member of this workspace.',
  lastOwner: 'A workspace needs an owner: make another member owner first.',
  lastOwnerOfTeam: (workspace: string) =>
    `You are the only owner of the team workspace "${workspace}". Make another member owner, or remove its other members, before deleting your account.`,
  personalWorkspace: 'Your personal workspace is yours alone. Create a team workspace to work with others.',
  approvalRequired:
    'This workspace needs threads approved before they publish, and this version of the thread is not approved. Send it for review.',
  reviewVersionStale: 'The thread changed since you opened it. Reload it and review the current version.',
  /** A client's review link: its refusals, the decision's notification and the public page. */
  reviewLink: {
    invalid: 'This review link is not valid. Ask the person who sent it for a new one.',
    expired: 'This review link has expired. Ask the person who sent it for a new one.',
    revoked: 'This review link was withdrawn by the person who sent it.',
    used: 'A decision was already given through this review link. Thank you.',
    outdated: 'The thread changed since this review link was made. Ask the person who sent it for a new link.',
    notFound: 'Review link not found.',
    rateLimited: 'Too many requests for this review link. Please try again later.',
    clientName: (name: string | undefined) => (name ? `Client (via review link): ${name}` : 'Client (via review link)'),
    approvedNotice: (who: string, title: string) => `${who} approved "${title}".`,
    approvedSubject: 'A client approved a thread',
    changesNotice: (who: string, title: string, comment: string) =>
      `${who} requested changes to "${title}": ${comment}`,
    changesSubject: 'A client requested changes to a thread',
    commentRequired: 'Say what should change: a comment is required when requesting changes.',
    platformsRequired:
      'Choose the platforms the client reviews the thread for: it is not scheduled and the workspace has no platform connected.',
    /** The thread page's list of a thread's client review links. */
    panel: {
      heading: 'Client review links',
      hint: 'A link a client opens without an account: they see the thread as it will post on each platform, each post beside its source passage and its check, and approve or request changes once.',
      platformsLegend: 'Platforms the client reviews',
      platformsHint:
        'None ticked: the accounts the thread is scheduled or queued for, else every connected account. A platform with several accounts shows those ticked below it.',
      forPlatforms: (names: string) => `for ${names}`,
      create: 'Create client review link',
      created: { title: 'Review link created and copied' },
      copyFailed: (url: string) => `Copy this link: ${url}`,
      none: 'No client review links yet.',
      revoke: 'Revoke',
      revoked: { title: 'Review link revoked' },
      states: { active: 'Active', expired: 'Expired', revoked: 'Revoked', used: 'Used' },
      describe: (createdBy: string, expiresAt: string) => `Made by ${createdBy}, valid until ${expiresAt}`,
      decision: { approve: 'approved', request_changes: 'changes requested' },
      failed: { title: 'Review link' },
    },
    /** The client's public /review/<token> page. */
    page: {
      heading: 'Review this thread',
      loading: 'Loading the thread…',
      intro: (title: string) =>
        `Before it is published, please review "${title}". It is shown as it will post on each platform, each post beside the passage of the article it comes from.`,
      platformsLabel: 'Platforms',
      onPlatform: (platform: string) => `On ${platform}`,
      /** A section of one account of a platform: 'On Mastodon as @news@social.example'. */
      onPlatformAs: (platform: string, account: string) => `On ${platform} as ${account}`,
      platformPostLabel: (platform: string, number: number, total: number) => `${platform} post ${number} of ${total}`,
      continued: "Continues the post before it (the platform's limit splits it).",
      firstComment: 'Posted as the first comment',
      fromPost: (number: number) => `From post ${number} of the thread`,
      article: 'The article',
      by: (author: string) => `by ${author}`,
      postLabel: (number: number) => `Post ${number}`,
      passage: 'Source passage',
      openPassage: 'Open the passage in the article',
      noPassage: 'No source passage (this post introduces or credits the article).',
      checks: {
        checked: '✓ Checked against the article',
        edited: '✓ Checked, then edited by hand',
        failed: '⚠ Not confirmed by the article',
      },
      noCheck: 'Not checked',
      nameLabel: 'Your name (optional)',
      commentLabel: 'Comment (required to request changes)',
      approve: 'Approve',
      requestChanges: 'Request changes',
      sending: 'Sending…',
      approvedDone: 'Thank you: you approved this thread.',
      changesDone: 'Thank you: your requested changes were sent.',
      validUntil: (date: string) => `This link is valid until ${date}.`,
    },
  },
  workspaceLimit: (limit: number) => `You can be a member of at most ${limit} workspaces.`,
  /** Beside a control the user's role turns off. */
  roleNotice: (workspace: string, role: WorkspaceRole, permission: WorkspacePermission) =>
    `As ${/^[AEIOU]/.test(roleLabels[role]) ? 'an' : 'a'} ${roleLabels[role]} in ${workspace}, your role does not allow ${permissionActions[permission]}. Ask an owner or admin.`,
  /** The Credits page in a team workspace. */
  teamCredits: (workspace: string) =>
    `The credits of the team workspace ${workspace}: what you buy here goes to its balance, and its threads spend it. Your free daily credits stay in your personal workspace.`,
  /** The Stripe Checkout line of a team's purchase: the credits go to the team's balance. */
  teamCheckoutDescription: (credits: number, workspace: string) =>
    `${credits} ThreadSnip credits for the team workspace "${workspace}"`,
  invitationMailSubject: (inviter: string, workspace: string) => `${inviter} invited you to ${workspace} on ThreadSnip`,
  invitationMailText: (inviter: string, workspace: string, role: string, link: string, expires: string) =>
    `${inviter} invited you to join the workspace "${workspace}" on ThreadSnip as ${role}.\n\n` +
    `Accept the invitation (sign up or sign in with this email address):\n${link}\n\n` +
    `The link works once and expires on ${expires}. If you did not expect it, ignore this email.`,
  /** Notifications, in the app and by email. */
  notifications: {
    memberJoined: (email: string, workspace: string, role: string) => `${email} joined ${workspace} as ${role}.`,
    memberJoinedSubject: (workspace: string) => `A new member joined ${workspace}`,
    removed: (workspace: string) => `You were removed from the workspace ${workspace}.`,
    removedSubject: (workspace: string) => `You no longer have access to ${workspace}`,
    publishFailed: (title: string, platform: string, reason: string) =>
      `Publishing "${title}" to ${platform} failed: ${reason}`,
    publishFailedSubject: (platform: string) => `A thread was not published to ${platform}`,
    sentForReview: (who: string, title: string) => `${who} sent "${title}" for review.`,
    sentForReviewSubject: 'A thread is waiting for your review',
    approved: (who: string, title: string) => `${who} approved "${title}".`,
    approvedSubject: 'A thread was approved',
    changesRequested: (who: string, title: string, comment: string) =>
      `${who} requested changes to "${title}": ${comment}`,
    changesRequestedSubject: 'Changes were requested to a thread',
  },
  /** The /workspace page. */
  page: {
    heading: 'Workspace',
    loading: 'Loading your workspaces…',
    personalHint:
      'Your personal workspace: its threads, connections and credits are yours alone. Create a team workspace to work with others.',
    yourRole: (role: string) => `Team workspace · your role: ${role}`,
    membersHeading: (count: number) => `Members (${count})`,
    membersLabel: 'Members',
    you: '(you)',
    roleOf: (email: string) => `Role of ${email}`,
    remove: 'Remove',
    makeOwner: 'Make owner',
    transferred: (email: string) => `${email} now owns this workspace; you are an admin.`,
    leave: 'Leave workspace',
    left: 'You left the workspace.',
    inviteHeading: 'Invite someone',
    inviteHint: 'They get an email with a link that works once, for a week. They sign up or sign in with that address.',
    emailLabel: 'Email address',
    roleLabel: 'Role',
    sendInvitation: 'Send invitation',
    invited: (email: string) => `Invitation sent to ${email}.`,
    pendingHeading: 'Pending invitations',
    expires: (date: string) => `expires ${date}`,
    revoke: 'Revoke',
    createHeading: 'New team workspace',
    createHint:
      'Threads, connections, the posting queue, feeds, insights and credits of a team are shared by its members.',
    nameLabel: 'Name',
    create: 'Create workspace',
    created: (name: string) => `${name} created. You are its owner.`,
  },
  /** The /workspace page's approval settings and activity log (team workspaces). */
  approval: {
    heading: 'Approval',
    hint: 'Threads that need approval publish only once a reviewer approved the version as it is; any edit after approval needs approval again.',
    modeLabel: 'Threads need approval before publishing',
    modes: { off: 'Off', all: 'On every platform', platforms: 'On these platforms' },
    platformsLabel: 'Platforms that need approval',
    graceLabel: 'Grace window (hours)',
    graceHint:
      'A scheduled or queued publish whose time comes before approval waits; approved within this many hours after its time, it publishes at once, later it is missed.',
    save: 'Save approval settings',
    saved: { title: 'Approval settings saved' },
    readOnly: 'Only owners and admins change these settings.',
  },
  activity: {
    heading: 'Activity',
    empty: 'Nothing has happened in this workspace yet.',
    more: 'Show older',
    kinds: {
      sent_for_review: 'sent a thread for review',
      approved: 'approved a thread',
      changes_requested: 'requested changes',
      comment_added: 'commented',
      settings_changed: 'changed the approval settings',
      review_link_created: 'made a client review link',
      review_link_revoked: 'revoked a client review link',
      review_link_viewed: 'opened a client review link',
    },
  },
  /** The thread page's review panel (team workspaces). */
  review: {
    heading: 'Review',
    states: {
      draft: 'Not sent for review',
      in_review: 'In review',
      approved: 'Approved',
      changes_requested: 'Changes requested',
    },
    approvedBy: (who: string, when: string) => `Approved by ${who} on ${when}.`,
    editedSinceApproval: 'Edited since it was approved: send it for review again before it publishes.',
    sentBy: (who: string, when: string) => `Sent for review by ${who} on ${when}.`,
    noComments: 'No comments yet.',
    commentsLabel: 'Review comments',
    onPost: (number: number) => `on post ${number}`,
    onThread: 'on the thread',
    commentLabel: 'Comment',
    commentOn: 'Comment on',
    wholeThread: 'The whole thread',
    postOption: (number: number) => `Post ${number}`,
    addComment: 'Add comment',
    sendForReview: 'Send for review',
    approve: 'Approve',
    requestChanges: 'Request changes',
    requestChangesHint: 'Write what should change in the comment box, then Request changes.',
    loadFailed: 'Could not load the review.',
    sent: { title: 'Sent for review' },
    approvedToast: { title: 'Approved' },
    changesRequested: { title: 'Changes requested' },
    commented: { title: 'Comment added' },
    failed: { title: 'Review' },
  },
  /** The /join page of an invitation link. */
  join: {
    joining: 'Joining the workspace…',
    joined: (name: string) => `You joined ${name}.`,
    missingToken: 'This invitation link is incomplete. Open the link from the email again.',
  },
} as const;
