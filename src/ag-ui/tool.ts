import type { Tool } from '@ag-ui/core';

/** The render tool's default name (the `@ag-ui/a2ui-middleware` contract). */
export const RENDER_A2UI_TOOL_NAME = 'render_a2ui';

/** The synthetic tool call a user action is given to the agent as (the same contract). */
export const LOG_A2UI_EVENT_TOOL_NAME = 'log_a2ui_event';

/**
 * The `description` of the run-input context entry that carries the component schema. CopilotKit's
 * frontend sends its catalog under it, and its agent connectors look it up by it, so it is kept
 * letter for letter.
 */
export const A2UI_SCHEMA_CONTEXT_DESCRIPTION =
  'A2UI Component Schema — available components for generating UI surfaces. Use these component names and properties when creating A2UI operations.';

/** The render tool (named `name`): one surface per call, its components and its data. */
export function renderA2uiTool(name: string, version: string): Tool {
  return {
    name,
    description: `Shows the user an A2UI ${version} surface: its id, its components (a flat list, the root's id is "root") and its data. See the usage guide in the context.`,
    parameters: {
      type: 'object',
      properties: {
        surfaceId: { type: 'string', description: 'Id of the surface; the same id draws the surface again.' },
        components: {
          type: 'array',
          description: `The surface's components in the A2UI ${version} flat form: each has an "id" and a "component" type name; children are referred to by id. One of them has the id "root".`,
          items: { type: 'object' },
        },
        data: {
          type: 'object',
          description: 'The data model, set at "/": values that components bind to with {"path": "/…"}.',
        },
      },
      required: ['surfaceId', 'components'],
    },
  };
}

/** The context entry's `description` for the usage guide of the tool `name`. */
export function guideDescription(name: string): string {
  return `A2UI render tool usage guide — how to call ${name} with valid arguments.`;
}

/** The usage guide of the render tool `name`. */
export function renderA2uiGuide(name: string, version: string): string {
  return [
    `## Calling ${name}`,
    '',
    `Each call draws one whole surface. Give all of:`,
    '- `surfaceId`: a short id for the surface (for example "trip-summary").',
    `- \`components\`: the A2UI ${version} components of the surface, as a flat list. Never leave it out.`,
    '- `data` (optional): the data model, for components that bind values with `{"path": "/…"}`.',
    '',
    'The application chooses the catalog: do not send a catalogId.',
    '',
    '### Components',
    '- Every component has a unique `id` and a `component` naming a type from the available components.',
    '- The surface starts at the component whose id is `root`; make it a layout (Column, Row, Card).',
    '- Children are ids: `"child": "id"` for one, `"children": ["a", "b"]` for several; a component never lists itself.',
    '- Properties sit on the component itself: `{"id": "title", "component": "Text", "text": "Hello"}`.',
    '- A list repeated over data: `"children": {"componentId": "row-template", "path": "/rows"}`; inside it, paths without a leading slash are relative to the item.',
    '- A button sends an action: `"action": {"event": {"name": "book", "context": {"id": {"path": "/id"}}}}`.',
    '- Use real image URLs only; prefer an Icon when there is none.',
    '',
    'Example arguments:',
    '```json',
    '{"surfaceId": "weather", "components": [' +
      '{"id": "root", "component": "Column", "children": ["city", "temp"]}, ' +
      '{"id": "city", "component": "Text", "text": {"path": "/city"}}, ' +
      '{"id": "temp", "component": "Text", "text": {"path": "/temperature"}}], ' +
      '"data": {"city": "Lisbon", "temperature": "21 °C"}}',
    '```',
  ].join('\n');
}
