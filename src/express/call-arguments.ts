/**
 * Which property each argument of a component call sets: positional arguments in the catalog's
 * property order, named ones (`prop=value`) by name; `?checks` (and lists of them) apart.
 */
import { A2uiValidationError } from '../errors.js';
import type { ComponentInfo, PropInfo } from './catalog-info.js';
import type { Arg, Expr } from './syntax.js';

/**
 * Maps the arguments `args` of a call of `type` to its properties; `shallow` replaces a variable
 * holding a value by its expression (to tell checks apart). Throws `A2uiValidationError` for an
 * unknown property, too many positional arguments or a property given twice.
 */
export function mapArgs(info: ComponentInfo, type: string, args: readonly Arg[], shallow: (expr: Expr) => Expr): { given: [PropInfo, Expr][]; checks: Expr[] } {
  const positional = info.props.filter((p) => p.kind !== 'checks');
  const checks: Expr[] = [];
  const given: [PropInfo, Expr][] = [];
  let next = 0;
  for (const arg of args) {
    const value = shallow(arg.value);
    if (isChecks(value)) {
      checks.push(...(value.k === 'array' ? value.items : [value]));
      continue;
    }
    let prop: PropInfo | undefined;
    if (arg.name !== undefined) {
      prop = info.byName.get(arg.name);
      if (prop === undefined) throw new A2uiValidationError(`${type} has no property '${arg.name}'`);
    } else {
      prop = positional[next++];
      if (prop === undefined) {
        throw new A2uiValidationError(`${type} takes at most ${positional.length} positional arguments`);
      }
    }
    if (given.some(([p]) => p === prop)) throw new A2uiValidationError(`${type}: property '${prop.name}' given twice`);
    given.push([prop, arg.value]);
  }
  return { given, checks };
}

/** Whether an argument is a check or a non-empty list made only of checks. */
function isChecks(expr: Expr): boolean {
  return expr.k === 'check' || (expr.k === 'array' && expr.items.length > 0 && expr.items.every((item) => item.k === 'check'));
}
