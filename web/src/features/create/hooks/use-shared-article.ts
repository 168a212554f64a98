import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { SharedArticle } from '#shared/shared-article';
import { sharedArticleAt } from '../lib/shared-arrival';
import { isFlowWrite } from './use-create-flow';

/**
 * The article the Share menu or the bookmarklet brought to /create (the flow prefills its URL), kept
 * while the flow rewrites the address without the share's parameters; a new arrival from outside the
 * flow replaces it. Its hint stays in the page: it is never sent to the API.
 */
export function useSharedArticle(): SharedArticle | null {
  const location = useLocation();
  const [shared, setShared] = useState(() => sharedArticleAt(new URLSearchParams(location.search), location.state));
  const seenKey = useRef(location.key);

  useEffect(() => {
    if (location.key === seenKey.current) return;
    seenKey.current = location.key;
    if (!isFlowWrite(location.state)) setShared(sharedArticleAt(new URLSearchParams(location.search), location.state));
  }, [location]);

  return shared;
}
