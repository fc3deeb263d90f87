declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

/** Tells React these tests drive it through act(), so updates flush before assertions. */
export function enableActEnvironment(): void {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
}
