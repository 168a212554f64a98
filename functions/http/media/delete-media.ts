import { httpHandler } from '#functions/route-kinds';
import { mediaParamsSchema } from '#shared/schemas/media';
import { deleteMedia } from '../../services/media/media';

/** DELETE /api/media/{mediaId}: removes one of the caller's pictures (204). */
export const handler = httpHandler({ params: mediaParamsSchema }, async ({ params, caller }) => {
  await deleteMedia(caller.userId, params.mediaId);
  return { status: 204 };
});
