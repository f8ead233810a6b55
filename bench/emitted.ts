/** What the core emits for a response fed in chunks, with the input offset of each message. */
import { A2uiStreamParser } from '../src/index.js';
import type { A2uiMessage, Catalog, StreamParserOptions } from '../src/index.js';

/** One emitted message and how many characters of the response had been fed when it came out. */
export interface Emitted {
  readonly message: A2uiMessage;
  readonly at: number;
}

/** What came out of one run: the messages, their JSON size and the component objects they carry. */
export interface EmittedRun {
  readonly messages: readonly Emitted[];
  /** Characters of the messages' JSON (`JSON.stringify`), summed. */
  readonly bytes: number;
  /** Component objects in every components message, summed. */
  readonly components: number;
}

/** Feeds `text` to a fresh parser in chunks of `chunk` characters and records every message. */
export function emittedRun(catalog: Catalog, text: string, chunk: number, options: StreamParserOptions): EmittedRun {
  const parser = new A2uiStreamParser(catalog, options);
  const messages: Emitted[] = [];
  let bytes = 0;
  let components = 0;
  const take = (parts: ReturnType<A2uiStreamParser['push']>, at: number) => {
    for (const part of parts) {
      if (part.type !== 'a2ui') continue;
      for (const message of part.messages) {
        messages.push({ message, at });
        bytes += JSON.stringify(message).length;
        for (const key of ['updateComponents', 'surfaceUpdate']) {
          const list = ((message as Readonly<Record<string, unknown>>)[key] as { components?: unknown[] } | undefined)?.components;
          if (Array.isArray(list)) components += list.length;
        }
      }
    }
  };
  for (let i = 0; i < text.length; i += chunk) take(parser.push(text.slice(i, i + chunk)), Math.min(text.length, i + chunk));
  take(parser.end(), text.length);
  return { messages, bytes, components };
}
