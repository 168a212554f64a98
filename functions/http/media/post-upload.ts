import { httpHandler } from '#functions/route-kinds';
import { createUploadRequestSchema } from '#shared/schemas/media';
import { createUpload } from '../../services/media/media';

/** POST /api/media/uploads: a presigned POST for one image into the caller's own upload prefix. */
export const handler = httpHandler(
  { workspace: 'write', body: createUploadRequestSchema },
  async ({ body, workspace }) => ({
    status: 201,
    body: await createUpload(workspace.workspaceId, body),
  }),
);
