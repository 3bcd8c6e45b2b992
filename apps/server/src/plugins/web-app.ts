import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import {
  LOCALE_COOKIE,
  SCREEN_COOKIE,
  localizedPage,
  negotiateLocale,
  supportedLocaleOf,
  type Locale,
} from '@sukoon/shared';
import { errorEnvelope } from './error-handler';

/** Built files whose names carry a hash of their content (Vite's `assets/`): they never change. */
const HASHED_ASSET = /^\/assets\//;

/** The web app's cookie naming the signed-in role (packages/shared/src/cookies.ts). */
const SCREEN_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${SCREEN_COOKIE}=(patient|psychologist)(?:;|$)`);

/** The web app's cookie naming the language chosen or worked out in the browser (i18n/locale.ts). */
const LOCALE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([A-Za-z-]{2,10})(?:;|$)`);

/** The language of a page request: the browser's cookie, else the best of its Accept-Language. */
export function pageLocale(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  const fromCookie = LOCALE_COOKIE_VALUE.exec(cookie ?? '')?.[1];
  return (fromCookie && supportedLocaleOf(fromCookie)) || negotiateLocale(acceptLanguage);
}

/**
 * The prerendered page to send for a page request (apps/web/scripts/prerender.mjs, decision 0017):
 * the role selection, a signed-in role's dashboard frame, or the bare loading page where the first
 * screen is neither (a sign-in or move link, another path). Each holds the same for everyone who
 * gets it, nothing of any user's; the browser draws afresh over one that turns out not to fit.
 */
export function pageFor(pathname: string, query: URLSearchParams, cookie: string | undefined) {
  if (pathname !== '/' || query.has('token') || query.has('moveDecision')) {
    return 'screens/loading.html';
  }
  if (query.has('psychologistId')) return 'screens/patient.html';
  const role = SCREEN_COOKIE_VALUE.exec(cookie ?? '')?.[1];
  return role ? `screens/${role}.html` : 'index.html';
}

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts in the built pages: the dashboards' early
 * reads (apps/web/src/lib/early-reads.ts), worked out from the pages themselves so the policy allows
 * exactly the scripts this build wrote and nothing else inline. None when the app is not built.
 */
export function inlineScriptHashes(root: string): string[] {
  // Every built page: index.html and its languages (index.hi.html...), and the screens in each.
  const pages = existsSync(root)
    ? readdirSync(root)
        .filter((file) => file.endsWith('.html'))
        .map((file) => path.join(root, file))
    : [];
  const screens = path.join(root, 'screens');
  if (existsSync(screens)) {
    for (const file of readdirSync(screens)) {
      if (file.endsWith('.html')) pages.push(path.join(screens, file));
    }
  }
  const hashes = new Set<string>();
  for (const page of pages) {
    if (!existsSync(page)) continue;
    for (const [, script] of readFileSync(page, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(script ?? '')
          .digest('base64')}'`,
      );
    }
  }
  return [...hashes];
}

/**
 * Everything that is not an API route: the built single-page app from `/` (when it has been built), with
 * index.html for other GET paths so reloads keep working, and a JSON 404 envelope for the rest.
 * The build writes a Brotli and a gzip copy beside each file (apps/web/scripts/compress.mjs): they are
 * sent to browsers that accept them, a third of the bytes on a phone's first visit. Hashed assets are
 * cached for a year; the HTML is revalidated on every visit, so a new release is picked up at once.
 */
export const webApp = fp(async (app: FastifyInstance, options: { root: string }) => {
  const root = path.resolve(options.root);
  // Whether each language's page was built: asked once per page, not on every visit.
  const builtPages = new Map<string, boolean>();
  const built = existsSync(path.join(root, 'index.html'));
  const screens = existsSync(path.join(root, 'screens', 'loading.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // `/` is answered below, with the prerendered page that fits the visit.
      index: false,
      preCompressed: true,
      // Cache-Control is set below per file.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = `/${path.relative(root, filePath).split(path.sep).join('/')}`;
        reply.header(
          'cache-control',
          HASHED_ASSET.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(`No built web app at ${root}: run "npm run build" to serve it.`);
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname.startsWith('/api/') || pathname.startsWith('/dev/');
    if (built && request.method === 'GET' && !isApi) {
      const query = new URLSearchParams(request.url.slice(pathname.length));
      // A build from before the prerendered screens has index.html alone.
      const page = screens ? pageFor(pathname, query, request.headers.cookie) : 'index.html';
      const locale = pageLocale(request.headers.cookie, request.headers['accept-language']);
      // A build from before the languages has English pages alone.
      const localized = localizedPage(page, locale);
      let hasPage = builtPages.get(localized);
      if (hasPage === undefined) {
        hasPage = existsSync(path.join(root, localized));
        builtPages.set(localized, hasPage);
      }
      const file = hasPage ? localized : page;
      // Which page depends on the cookie and the languages asked for: a shared cache must not hand
      // one visitor's to another.
      return reply.type('text/html').header('vary', 'cookie, accept-language').sendFile(file);
    }
    return reply
      .status(404)
      .send(errorEnvelope('NOT_FOUND', `No route for ${request.method} ${pathname}.`));
  });
});
