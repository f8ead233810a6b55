import type { Catalog } from '../catalog/model.js';
import { validateMessages } from '../validate/validate-messages.js';
import type { Surface } from './surface.js';

/**
 * Validates a complete message strictly, as the streaming core relaxes it: orphans, dangling
 * references and a missing root are allowed (they may be fine by the end of the response), and
 * components that `surface` found valid as they closed are not checked again.
 * @param catalogs The catalogs to check against (one: the surface's).
 * @throws A2uiValidationError when the message is not valid.
 */
export function checkMessage(message: Readonly<Record<string, unknown>>, catalogs: readonly Catalog[], surface: Surface | undefined): void {
  validateMessages(message, catalogs, {
    allowOrphans: true,
    allowDangling: true,
    allowMissingRoot: true,
    skipComponent: surface && catalogs.length === 1 ? (component) => surface.verdicts.isKnownValid(component) : undefined,
  });
}
