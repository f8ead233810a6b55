/**
 * One model answer written in A2UI Express, for the entry tests (issue #40): text, an `<a2ui>`
 * block whose `root` names children written after it, and text again; and what a renderer ends
 * with once it has applied it, computed from the block alone by `compileExpress`.
 */
import { basicCatalog, compileExpress, type A2uiMessage } from '../../src/index.js';
import { applyMessages, finalState, type FinalState } from './apply-messages.js';

/** The Express statements of the answer's block. */
export const SIGN_IN_BLOCK = `$/user/name = "Ada"
root = Column([title, form])
title = Text("# Sign in")
form = Card(fields)
fields = Column([name, go])
name = TextField("Name", $/user/name)
go = Button(goLabel, "primary", Event("login", {name: $/user/name}))
goLabel = Text("Continue")`;

/** The whole answer: text, the block, text. */
export const EXPRESS_ANSWER = `Here is the form.\n<a2ui>\n${SIGN_IN_BLOCK}\n</a2ui>\nAnything else?`;

/** The answer's text once its block is taken out. */
export const EXPRESS_ANSWER_TEXT = 'Here is the form.\n\nAnything else?';

/** The block's messages, compiled whole. */
export const expressMessages = (version: '0.9' | '1.0'): A2uiMessage[] => compileExpress(SIGN_IN_BLOCK, basicCatalog(version)) as A2uiMessage[];

/** What a renderer ends with after the block's messages. */
export const expressFinal = (version: '0.9' | '1.0'): FinalState => finalState(applyMessages(new Map(), expressMessages(version)));

/**
 * An answer whose first block has a statement past the Express expansion budget (a value doubled
 * 14 times, ~130 KB from 190 characters), then text and a second block: the statement is left
 * out with one `limit_exceeded` error and the answer reads on.
 */
export const OVER_BUDGET_ANSWER = [
  'Before.',
  '<a2ui>',
  'root = Text("first")',
  'v0 = "ab"',
  ...Array.from({ length: 14 }, (_, i) => `v${i + 1} = [v${i}, v${i}]`),
  '$/x = v14',
  '</a2ui>',
  'After.',
  '<a2ui>',
  'surface("two")',
  'root = Text("second")',
  '</a2ui>',
].join('\n');
