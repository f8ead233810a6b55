/**
 * What the middleware adds to a run's input: a user action as a `log_a2ui_event` call and its
 * result, the schema in the context, the injected render tool, the catalog of a tool-drawn
 * surface. Part of `middleware-suite.ts`.
 */
import { describe, expect, it } from 'vitest';
import { A2uiStreamMiddleware, A2UI_SCHEMA_CONTEXT_DESCRIPTION } from '../../src/ag-ui/index.js';
import { run, toolCall } from '../support/ag-ui-runs.js';
import { converse } from './helpers.js';

/** Registers the tests of the run's input. */
export function describeRunInput(): void {
  describe("the run's input", () => {
    const empty = [run([])];

    it('a user action reaches the agent as a log_a2ui_event call and its result, at the end', async () => {
      const userAction = {
        name: 'book_restaurant',
        surfaceId: 'restaurant-card',
        sourceComponentId: 'book-btn',
        context: { restaurantName: "Xi'an Famous Foods" },
      };
      const { agent } = await converse(new A2uiStreamMiddleware(), [...empty, ...empty], [{ forwardedProps: { a2uiAction: { userAction } } }, {}]);
      const [call, result] = agent.inputs[0]!.messages.slice(-2) as unknown as [
        { role: string; toolCalls: { id: string; function: { name: string; arguments: string } }[] },
        { role: string; toolCallId: string; content: string },
      ];
      expect(call.role).toBe('assistant');
      expect(call.toolCalls[0]?.function).toEqual({ name: 'log_a2ui_event', arguments: JSON.stringify(userAction) });
      expect(result).toMatchObject({ role: 'tool', toolCallId: call.toolCalls[0]?.id });
      expect(result.content).toBe(
        'User performed action "book_restaurant" on surface "restaurant-card" (component: book-btn). Context: {"restaurantName":"Xi\'an Famous Foods"}',
      );
      expect(agent.inputs[1]?.messages.some((message) => message.role === 'tool')).toBe(false);
    });

    it('puts the schema in the context and injects the render tool once, with its guide and the forwarded flag', async () => {
      const schema = { catalogId: 'my-catalog', components: { HotelCard: { type: 'object' } } };
      const { agent } = await converse(new A2uiStreamMiddleware({ schema, injectA2UITool: true }), empty);
      const input = agent.inputs[0];
      expect(input?.context.find((entry) => entry.description === A2UI_SCHEMA_CONTEXT_DESCRIPTION)?.value).toBe(JSON.stringify(schema));
      expect(input?.tools.filter((tool) => tool.name === 'render_a2ui')).toHaveLength(1);
      expect(input?.context.some((entry) => entry.value.includes('render_a2ui'))).toBe(true);
      expect(input?.forwardedProps).toMatchObject({ injectA2UITool: true });
      const { agent: plain } = await converse(new A2uiStreamMiddleware(), empty);
      expect(plain.inputs[0]?.tools).toEqual([]);
      expect(plain.inputs[0]?.context).toEqual([]);
    });

    it("names a tool-drawn surface's catalog: configured id, then the frontend's, then the argument", async () => {
      const catalogOf = async (options: object, context: { description: string; value: string }[] = [], argument = 'from-args') => {
        const args = JSON.stringify({ surfaceId: 's', catalogId: argument, components: [{ id: 'root', component: 'Text', text: 'x' }] });
        const { messages } = await converse(new A2uiStreamMiddleware(options), [run(toolCall('t', 'render_a2ui', [args]))], [{ context }]);
        const operations = messages.find((message) => message.role === 'activity') as unknown as {
          content: { a2ui_operations: { createSurface?: { catalogId: string } }[] };
        };
        return operations.content.a2ui_operations[0]?.createSurface?.catalogId;
      };
      const frontend = [{ description: A2UI_SCHEMA_CONTEXT_DESCRIPTION, value: JSON.stringify({ catalogId: 'frontend', components: {} }) }];
      expect(await catalogOf({ defaultCatalogId: 'configured' }, frontend)).toBe('configured');
      expect(await catalogOf({ defaultCatalogId: '' }, frontend)).toBe('frontend');
      expect(await catalogOf({})).toBe('from-args');
      expect(await catalogOf({}, [], 'basic')).toBe('https://a2ui.org/specification/v0_9/basic_catalog.json');
    });
  });
}
