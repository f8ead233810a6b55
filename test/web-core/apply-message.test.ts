/**
 * How the Lit sink and the React hook apply one message to a web_core processor: a call of its
 * own, the message left as the library emitted it, a typed error for what is not applied.
 */
import { MessageProcessor } from '@a2ui/web_core/v0_9';
import { basicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { describe, expect, it } from 'vitest';
import { A2uiIntegrityError, A2uiValidationError, type A2uiMessage } from '../../src/index.js';
import { applyMessage } from '../../src/web-core/apply-message.js';

const create: A2uiMessage = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: basicCatalog.id } };

describe('applyMessage', () => {
  it('leaves the messages as they were, though web_core writes later updates into the values it holds', () => {
    const processor = new MessageProcessor([basicCatalog]);
    const messages: A2uiMessage[] = [
      create,
      { version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/', value: { booking: { guests: 2, tags: ['window'] } } } },
      { version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/booking/guests', value: 4 } },
      { version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/booking/tags/1', value: 'quiet' } },
      { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: { path: '/booking/guests' } }] } },
    ];
    const before = structuredClone(messages);
    for (const message of messages) expect(applyMessage(processor, message, 'test')).not.toHaveProperty('error');
    expect(messages).toEqual(before);
    expect(processor.model.getSurface('s')?.dataModel.get('/')).toEqual({ booking: { guests: 4, tags: ['window', 'quiet'] } });
  });

  it('gives the kind and surface of what it applied', () => {
    const processor = new MessageProcessor([basicCatalog]);
    expect(applyMessage(processor, create, 'test')).toEqual({ kind: 'createSurface', surfaceId: 's', leftOut: [] });
    expect(processor.model.getSurface('s')).toBeDefined();
  });

  it('a message the processor throws on: a typed error, code renderer_rejected; the processor goes on', () => {
    const processor = new MessageProcessor([basicCatalog]);
    applyMessage(processor, create, 'test');
    const again = applyMessage(processor, create, 'test');
    expect('error' in again && again.error).toBeInstanceOf(A2uiIntegrityError);
    expect('error' in again && again.error.details).toEqual([expect.objectContaining({ path: 'createSurface', code: 'renderer_rejected' })]);
    const bad = applyMessage(
      processor,
      { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', colour: 'red' }] } } as A2uiMessage,
      'test',
    );
    expect('error' in bad && bad.error).toBeInstanceOf(A2uiValidationError);
    expect(applyMessage(processor, { version: 'v0.9', deleteSurface: { surfaceId: 's' } }, 'test')).toEqual({
      kind: 'deleteSurface',
      surfaceId: 's',
      leftOut: [],
    });
  });

  it('a v0.8 message is not applied: a validation error naming the renderer', () => {
    const processor = new MessageProcessor([basicCatalog]);
    const applied = applyMessage(processor, { beginRendering: { surfaceId: 'old', root: 'root' } }, 'a2uiLitSink');
    expect('error' in applied && applied.error).toBeInstanceOf(A2uiValidationError);
    expect('error' in applied && applied.error.message).toMatch(/^a2uiLitSink renders v0\.9 and v1\.0 messages/);
    expect('error' in applied && applied.error.details[0]?.code).toBe('invalid_value');
    expect(processor.model.surfacesMap.size).toBe(0);
  });
});
