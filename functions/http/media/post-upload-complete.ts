import { httpHandler } from '#functions/route-kinds';
import { uploadParamsSchema } from '#shared/schemas/media';
import { completeUpload, describeMedia } from '../../services/media/media';

/** POST /api/media/uploads/{uploadId}/complete: the uploaded file checked, re-encoded and stored. */
export const handler = httpHandler(
  { workspace: 'write', params: uploadParamsSchema },
  async ({ params, workspace }) => ({
    status: 201,
    body: await describeMedia(await completeUpload(workspace.workspaceId, params.uploadId)),
  }),
);
