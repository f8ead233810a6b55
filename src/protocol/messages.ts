import type { A2uiMessageV08 } from './messages-v08.js';
import type { A2uiMessageV09, A2uiMessageV10 } from './messages-v09.js';
import type { ProtocolVersion } from './versions.js';

/**
 * The messages of each protocol version: `A2uiMessageOf<'0.9'>` is a v0.9 (or v0.9.1) message,
 * `A2uiMessageOf<'0.8'>` a v0.8 one.
 */
export type A2uiMessageOf<VERSION extends ProtocolVersion> = {
  '0.8': A2uiMessageV08;
  '0.9': A2uiMessageV09;
  '0.9.1': A2uiMessageV09;
  '1.0': A2uiMessageV10;
}[VERSION];

/**
 * One A2UI message as it travels, of any version: `{ version: 'v0.9', createSurface: {...} }`
 * or (v0.8) `{ beginRendering: {...} }`. A union discriminated by its message key; narrow it by
 * its key's value (`if (message.createSurface)`), with `isCreateSurface(message)`, or by version
 * with `isV09Message` (`'createSurface' in message` does not narrow: every key is declared).
 * Messages the library emits are shared and must be treated as immutable.
 */
export type A2uiMessage = A2uiMessageOf<ProtocolVersion>;
