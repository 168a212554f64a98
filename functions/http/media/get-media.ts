import { httpHandler } from '#functions/route-kinds';
import { mediaParamsSchema } from '#shared/schemas/media';
import { describeMedia, getMedia } from '../../services/media/media';

/** GET /api/media/{mediaId}: one of the caller's pictures, with a fresh 10-minute URL. */
export const handler = httpHandler({ workspace: 'read', params: mediaParamsSchema }, async ({ params, workspace }) => ({
  status: 200,
  body: await describeMedia(await getMedia(workspace.workspaceId, params.mediaId)),
}));
