import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from './feature-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const inChat = '/repo/apps/server/src/features/chat/chat.service.ts';

tester.run('feature-boundaries', rule, {
  valid: [
    { filename: inChat, code: "import { audit } from '../audit';" },
    { filename: inChat, code: "import { audit } from '../audit/index.js';" },
    { filename: inChat, code: "import { plan } from './prompt-plan';" },
    { filename: inChat, code: "import { AppError } from '../../http/errors';" },
    { filename: inChat, code: "import { z } from 'zod';" },
    { filename: '/repo/apps/server/src/app.ts', code: "import { x } from './features/chat/chat.repository';" },
  ],
  invalid: [
    { filename: inChat, code: "import { x } from '../audit/audit.repository';", errors: [{ messageId: 'internal' }] },
    { filename: inChat, code: "export { x } from '../models/model-provider.js';", errors: [{ messageId: 'internal' }] },
    { filename: inChat, code: "const m = await import('../models/x');", errors: [{ messageId: 'internal' }] },
    {
      filename: '/repo/apps/web/src/features/chat/components/a.tsx',
      code: "import { b } from '../../knowledge/components/b';",
      errors: [{ messageId: 'internal' }],
    },
  ],
});
