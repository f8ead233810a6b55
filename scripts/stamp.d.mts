/** The project root. */
export const ROOT: string;
/** dist/.build-stamp of the project at `root`. */
export function stampOf(root: string): string;
/** dist/.build-stamp of this project. */
export const STAMP: string;
/** Where tsc writes the declarations tsup bundles. */
export const DECLARATIONS: string;
/** The hash of the build's inputs of the project at `root` (default: this one) as they are now. */
export function sourceHash(root?: string): string;
/** Whether `root`'s dist/ holds every file package.json points at and was built from its sources as they are now. */
export function isFresh(root?: string): boolean;
