// The auth module's public door: Better Auth's plugin, the account routes, and the account helpers
// other modules create or check accounts with.
export { authPlugin } from './auth-plugin.ts';
export { authRoutes } from './routes.ts';
export { resolveAuthSecret } from './auth-secret.ts';
export { createUserWithPassword } from './create-user-with-password.ts';
export { hashVerificationIdentifier } from './verification-identifier.ts';
export { checkNewPassword } from './password-policy.ts';
