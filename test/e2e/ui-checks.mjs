export async function* uiChecks() {}
