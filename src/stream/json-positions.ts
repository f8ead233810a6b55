/**
 * Where the JSON reader stands in a block: a message being read, by the frames of the JSON
 * reader, and whether a position is its body, its components list, or where a message goes.
 */
import type { Frame } from '../json/builder.js';
import type { MessageContext } from './reader.js';

/** A message the JSON reader is reading: its context and where it is in the reader's frames. */
export interface JsonMessage extends MessageContext {
  /** Index in the reader's frames of the message object. */
  readonly level: number;
  /** Characters read when the component being read opened. */
  componentStart: number;
}

/** Whether a value at depth `index` (in `frames`, its open parents and maybe itself) stands where a message goes. */
export function isMessageLevel(frames: readonly Frame[], index: number): boolean {
  return index === 0 || (index === 1 && (frames[0] as Frame).isArray);
}

/** Whether `parents` reach into the body of message `context`. */
export function inBody(parents: readonly Frame[], context: JsonMessage): boolean {
  const body = parents[context.level + 1];
  return body !== undefined && !body.isArray && body.keyInParent === context.key;
}

/** Whether `parents` reach into the components list of message `context`. */
export function inComponentList(parents: readonly Frame[], context: JsonMessage): boolean {
  const list = parents[context.level + 2];
  return list !== undefined && list.isArray && list.keyInParent === 'components' && inBody(parents, context);
}
