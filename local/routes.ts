import type { RouteEntry } from '../functions/manifest';

export interface RouteMatch {
  route: RouteEntry;
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  route: RouteEntry;
  pattern: RegExp;
  names: string[];
  /** Literal routes beat parameter routes, which beat greedy ones, as in API Gateway. */
  rank: number;
}

function compile(route: RouteEntry): CompiledRoute {
  const names: string[] = [];
  let rank = 0;
  const source = route.path
    .split('/')
    .map((segment) => {
      const greedy = segment.match(/^\{(\w+)\+\}$/);
      if (greedy?.[1]) {
        names.push(greedy[1]);
        rank += 100;
        return '(.+)';
      }
      const param = segment.match(/^\{(\w+)\}$/);
      if (param?.[1]) {
        names.push(param[1]);
        rank += 1;
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names, rank };
}

/** Matches requests to manifest routes the way API Gateway HTTP APIs choose the most specific route. */
export function createRouter(routes: RouteEntry[]) {
  const compiled = routes.map(compile).sort((a, b) => a.rank - b.rank);
  return (method: string, path: string): RouteMatch | null => {
    for (const candidate of compiled) {
      if (candidate.route.method !== method && candidate.route.method !== 'ANY') continue;
      const match = candidate.pattern.exec(path);
      if (!match) continue;
      const pathParameters: Record<string, string> = {};
      candidate.names.forEach((name, index) => {
        pathParameters[name] = decodeURIComponent(match[index + 1] ?? '');
      });
      return { route: candidate.route, pathParameters };
    }
    return null;
  };
}
