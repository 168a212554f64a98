import { httpHandler } from '#functions/route-kinds';
import { mediaParamsSchema } from '#shared/schemas/media';
import { deleteMedia } from '../../services/media/media';

/** DELETE /api/media/{mediaId}: removes one of the caller's pictures (204). */
export const handler = httpHandler({ workspace: 'write', params: mediaParamsSchema }, async ({ params, workspace }) => {
  await deleteMedia(workspace.workspaceId, params.mediaId);
  return { status: 204 };
});
