// script-src of the Content-Security-Policy. Still allows inline scripts until their hashes are
// registered (see the report of issue 10); kept apart so the policy has one place to change.
export const scriptSources = (): string => "'self' 'unsafe-inline'";
