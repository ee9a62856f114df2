import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  newsletterSubscriptionBody,
  newsletterSubscriptionResponse,
} from '@despensa/contracts';
import type { NewsletterService } from '../../modules/newsletter/service';

export function newsletterRoutes(newsletter: NewsletterService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/user/newsletter/',
      {
        schema: {
          tags: ['user'],
          summary: "Newsletter subscription ('Suscríbete'); the same e-mail twice keeps one subscription",
          body: newsletterSubscriptionBody,
          response: { 200: newsletterSubscriptionResponse, 400: errorResponse },
        },
      },
      async (request) => newsletter.subscribe(request.body, request.consumer),
    );
  };
}
