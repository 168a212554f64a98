import type { ArticleRights } from '../../shared/schemas/article';

/** Publisher signals as extraction stores them: none set, but for the given ones. */
export function articleRights(signals: Partial<ArticleRights> = {}): ArticleRights {
  return {
    reservation: false,
    reservationSource: null,
    policyUrl: null,
    noai: false,
    noimageai: false,
    nosnippet: false,
    maxSnippet: null,
    license: null,
    ...signals,
  };
}
