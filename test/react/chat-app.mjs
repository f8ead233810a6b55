export async function chatAppChecks() { return []; }
