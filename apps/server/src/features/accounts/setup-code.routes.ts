import { SetupState } from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SetupCodeService } from './setup-code.service';

export const setupCodeRoutes: FastifyPluginAsyncZod<{ setupCodes: SetupCodeService }> = async (app, options) => {
  app.get(
    '/api/auth/setup',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether the first sign-up needs the setup code printed in the server log',
        response: { 200: SetupState },
      },
    },
    async () => ({ setup_code_required: await options.setupCodes.required() }),
  );
};
