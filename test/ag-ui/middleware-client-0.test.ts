import { vi } from 'vitest';
import { describeMiddleware } from './middleware-suite.js';

// Every import of `@ag-ui/client` in this file's module graph (the entry's middleware, the replay
// agent) gets 0.0.59, the version CopilotKit 1.74 depends on.
vi.mock('@ag-ui/client', async () => await import('ag-ui-client-v0'));

describeMiddleware('0.0.59');
