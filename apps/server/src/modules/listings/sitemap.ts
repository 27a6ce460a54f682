import type { FastifyPluginAsync } from 'fastify';
import type { DbExecutor } from '../../platform/db/client.ts';
import type { Database } from '../../platform/db/client.ts';
import { sitemapEntries } from './catalogue.ts';

/** Another module's public pages for the sitemap (e.g. bookings' service pages): paths on this site. */
export type TSitemapSource = (db: DbExecutor) => Promise<{ path: string; updatedAt?: Date }[]>;
const sources = new Map<string, TSitemapSource>();

/** Registers (or replaces: tests build many apps) a module's sitemap entries. */
export function addSitemapSource(name: string, source: TSitemapSource): void {
  sources.set(name, source);
}
import { sitemapEntries } from './catalogue.ts';

/** Another module's public pages for the sitemap (e.g. the directory's profiles), given at registration. */
export type TSitemapSource = (db: DbExecutor) => Promise<{ path: string; updatedAt?: Date }[]>;

/** The public pages every sitemap lists (the prerendered ones and the marketplace). */
const STATIC_PATHS = ['/', '/features', '/pricing', '/marketplace', '/contact', '/demo'];

/** More public pages from other modules (e.g. the funding campaigns): each answers paths on this site. */
export type TSitemapSource = (db: Database) => Promise<{ path: string; lastmod?: Date }[]>;
const sources: TSitemapSource[] = [];
/** Adds a module's pages to /sitemap.xml (once per source; tests build many apps). */
export function addSitemapSource(source: TSitemapSource): void {
  if (!sources.includes(source)) sources.push(source);
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** GET /sitemap.xml: the public pages, each published listing's page and each seller's page (D21). */
export const sitemapRoutes: FastifyPluginAsync<{ sources?: TSitemapSource[] }> = async (app, options) => {
  app.get('/sitemap.xml', async (_request, reply) => {
    const origin = new URL(app.deps.config.publicUrl).origin;
    const { listings, sellers } = await sitemapEntries(app.deps.database.db);
    const extra = (await Promise.all((options.sources ?? []).map((source) => source(app.deps.database.db)))).flat();
    const urls = [
      ...STATIC_PATHS.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`),
      ...listings.map(
        (l) =>
          `<url><loc>${escapeXml(`${origin}/marketplace/listings/${l.id}`)}</loc><lastmod>${l.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
      ),
      ...sellers.map((slug) => `<url><loc>${escapeXml(`${origin}/marketplace/sellers/${slug}`)}</loc></url>`),
      ...extra.map(
        (entry) =>
          `<url><loc>${escapeXml(origin + entry.path)}</loc>${entry.updatedAt ? `<lastmod>${entry.updatedAt.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
      ),
    ];
    for (const source of sources.values()) {
      for (const entry of await source(app.deps.database.db)) {
        const lastmod = entry.updatedAt ? `<lastmod>${entry.updatedAt.toISOString().slice(0, 10)}</lastmod>` : '';
        urls.push(`<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>`);
      }
    for (const source of sources) {
      for (const entry of await source(app.deps.database.db))
        urls.push(
          `<url><loc>${escapeXml(origin + entry.path)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
        );
    }
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
};
