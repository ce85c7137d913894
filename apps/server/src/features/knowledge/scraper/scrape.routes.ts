import { ErrorBody, ScrapeBody, ScrapeResponse } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../http/auth';
import { auditContext } from '../../audit';
import type { RateLimiter, RateLimitRule } from '../../accounts';
import type { WebScraper } from './web-scraper.service';

/** Scrapes are outbound traffic on the user's behalf: a few per minute each. */
export const SCRAPE_RATE_LIMIT: RateLimitRule = { max: 10, windowMs: 60_000 };

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  429: ErrorBody,
  502: ErrorBody,
  504: ErrorBody,
};

export const scrapeRoutes: FastifyPluginAsyncZod<{ scraper: WebScraper; limiter: RateLimiter }> = async (
  app,
  { scraper, limiter },
) => {
  app.post(
    '/api/knowledge/scrape',
    {
      config: { access: 'user' },
      schema: {
        tags: ['knowledge'],
        summary: 'Import a web page (and optionally its same-origin sitemap pages, at most 50) into an own collection',
        body: ScrapeBody,
        response: { 200: ScrapeResponse, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await limiter.consume(`scrape:${userId}`, SCRAPE_RATE_LIMIT);
      return scraper.scrape(userId, request.body, auditContext(request));
    },
  );
};
