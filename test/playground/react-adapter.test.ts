/**
 * The playground's React adapter: parts applied to a web_core processor once per animation frame,
 * the conversation in response order, snapshots that change only when something changed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { basicCatalog } from '@a2ui/react/v0_9';
import { PartsAdapter } from '../../playground/react-adapter.js';
import { A2uiParseError, type A2uiError, type A2uiMessage } from '../../src/index.js';

const CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const v09 = (body: Record<string, unknown>): A2uiMessage => ({ version: 'v0.9', ...body }) as A2uiMessage;
const create = (surfaceId: string) => v09({ createSurface: { surfaceId, catalogId: CATALOG } });
const text = (surfaceId: string, value: string) => v09({ updateComponents: { surfaceId, components: [{ id: 'root', component: 'Text', text: value }] } });

describe('PartsAdapter', () => {
  let frames: FrameRequestCallback[];
  const runFrame = () => frames.splice(0).forEach((callback) => callback(0));
  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('applies everything written since the last frame in that frame, once, and keeps the response order', () => {
    const errors: A2uiError[] = [];
    const adapter = new PartsAdapter([basicCatalog], (error) => errors.push(error));
    const seen: unknown[] = [];
    adapter.subscribe(() => seen.push(adapter.getSnapshot()));
    const first = adapter.getSnapshot();
    adapter.write({ type: 'text', text: '\n\n' });
    adapter.write({ type: 'text', text: 'Here ' });
    adapter.write({ type: 'text', text: 'it is.' });
    adapter.write({ type: 'a2ui', messages: [create('s'), text('s', 'Card')] });
    adapter.write({ type: 'text', text: 'After.' });
    expect(frames).toHaveLength(1);
    expect(adapter.getSnapshot()).toBe(first);
    runFrame();
    const { items, streaming } = adapter.getSnapshot();
    expect(items.map((item) => (item.kind === 'text' ? item.text : `surface ${item.surface.id}`))).toEqual(['Here it is.', 'surface s', 'After.']);
    expect(streaming).toBe(true);
    expect(seen).toHaveLength(1);
    expect(adapter.processor.model.getSurface('s')?.componentsModel.get('root')?.properties).toMatchObject({ text: 'Card' });
    expect(errors).toEqual([]);
    adapter.close();
    expect(adapter.getSnapshot().streaming).toBe(false);
    expect(adapter.getSnapshot().items).toBe(items);
  });

  it('skips a message the processor rejects, reports it, and applies the next ones', () => {
    const errors: A2uiError[] = [];
    const adapter = new PartsAdapter([basicCatalog], (error) => errors.push(error));
    adapter.write({ type: 'a2ui', messages: [create('r'), create('r'), text('r', 'Still here')] });
    runFrame();
    expect(errors.map((error) => [error.name, error.details[0]?.code])).toEqual([['A2uiIntegrityError', 'renderer_rejected']]);
    expect(adapter.getSnapshot().items).toHaveLength(1);
    expect(adapter.processor.model.getSurface('r')?.componentsModel.get('root')?.properties).toMatchObject({ text: 'Still here' });
  });

  it('removes a deleted surface and draws no error part', () => {
    const adapter = new PartsAdapter([basicCatalog], () => {});
    adapter.write({ type: 'a2ui', messages: [create('a'), create('b')] });
    adapter.write({ type: 'error', error: new A2uiParseError('x') });
    runFrame();
    adapter.write({ type: 'a2ui', messages: [v09({ deleteSurface: { surfaceId: 'a' } })] });
    adapter.close();
    expect(adapter.getSnapshot().items.map((item) => item.kind === 'surface' && item.surface.id)).toEqual(['b']);
  });
});
