/** The post-by-post copy carousel of the Manual Share dialog. */
export interface ManualShareState {
  index: number;
  /** One copied flag per post. */
  copied: boolean[];
  /** Set by Copy All. */
  copiedAll: boolean;
}

export type ManualShareAction =
  | { type: 'opened'; postCount: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'postCopied'; index: number }
  | { type: 'allCopied' };

/** A fresh carousel: the dialog resets each time it opens. */
export function initialManualShare(postCount: number): ManualShareState {
  return { index: 0, copied: Array.from({ length: Math.max(0, postCount) }, () => false), copiedAll: false };
}

/** Moves between posts and records what was copied. */
export function manualShareReducer(state: ManualShareState, action: ManualShareAction): ManualShareState {
  const last = Math.max(0, state.copied.length - 1);
  switch (action.type) {
    case 'opened':
      return initialManualShare(action.postCount);
    case 'next':
      return { ...state, index: Math.min(last, state.index + 1) };
    case 'previous':
      return { ...state, index: Math.max(0, state.index - 1) };
    case 'postCopied': {
      if (action.index < 0 || action.index > last) return state;
      const copied = state.copied.slice();
      copied[action.index] = true;
      return { ...state, copied };
    }
    case 'allCopied':
      return { ...state, copied: state.copied.map(() => true), copiedAll: true };
  }
}

/** True once every post was copied one by one, or Copy All was used. */
export function isAllCopied(state: ManualShareState): boolean {
  return state.copiedAll || (state.copied.length > 0 && state.copied.every(Boolean));
}
