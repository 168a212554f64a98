import type { ServerResponse } from 'node:http';
import { MalformedPathError } from '../functions/lib/errors';
import type { RouteEntry } from '../functions/manifest';
import { safeDecode } from '../shared/url';

export interface RouteMatch {
  route: RouteEntry;
  pathParameters: Record<string, string>;
  /** A path parameter held an escape that is not valid percent-encoded UTF-8 (answered 400). */
  malformed: boolean;
}

/** Answers a path or query that cannot be decoded: 400 JSON with its code, as the handlers answer. */
export function refuseMalformedPath(res: ServerResponse): void {
  const refusal = new MalformedPathError();
  res.writeHead(refusal.status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: refusal.message, code: refusal.code }));
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
      let malformed = false;
      candidate.names.forEach((name, index) => {
        const decoded = safeDecode(match[index + 1] ?? '');
        if (decoded === null) malformed = true;
        pathParameters[name] = decoded ?? '';
      });
      return { route: candidate.route, pathParameters, malformed };
    }
    return null;
  };
}
