/**
 * A user's action on a surface (a button pressed), sent back to the model as the next user turn:
 * a `data-a2ui-action` part, which `a2uiConvertDataPart` gives the model as text.
 */
import type { A2uiUserAction } from '../index.js';
import type { A2uiActionData, A2uiClientDataModel } from './types.js';

/**
 * The `data-a2ui-action` part for a user's action, to send as the next user turn:
 * `chat.sendMessage({ parts: [a2uiActionPart(action, processor.getClientDataModel())] })` from a
 * web_core `MessageProcessor`'s action handler. `dataModel` is the data model of the surfaces
 * created with `sendDataModel: true` (web_core's `getClientDataModel()`, `undefined` when none
 * asks for it); it is left out when absent.
 */
export function a2uiActionPart(action: A2uiUserAction, dataModel?: A2uiClientDataModel): { type: 'data-a2ui-action'; data: A2uiActionData } {
  return { type: 'data-a2ui-action', data: dataModel === undefined ? { action } : { action, dataModel } };
}

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the model reads for a `data-a2ui-action` part: the action as the specification's
 * client-to-server `action` object, and the data model of the surfaces that send it, as JSON.
 * `undefined` for a part without an `action` object.
 */
export function actionText(data: unknown): string | undefined {
  if (!isObject(data) || !isObject(data.action)) return undefined;
  const lines = [`The user acted on an A2UI surface: ${JSON.stringify({ action: data.action })}`];
  if (isObject(data.dataModel) && isObject(data.dataModel.surfaces)) {
    lines.push(`The data model of the surfaces that send theirs: ${JSON.stringify(data.dataModel.surfaces)}`);
  }
  return lines.join('\n');
}
