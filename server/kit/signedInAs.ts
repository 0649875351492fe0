/** Who a refusal says the caller is signed in as, in English. */
const SIGNED_IN_AS: Record<string, string> = {
  admin: 'an admin',
  user: 'a user',
  system: 'the marketplace apps',
};

/** "an admin", "a user", "the marketplace apps"; "a guest" without a role. */
export function signedInAs(role: string | null | undefined): string {
  return role ? (SIGNED_IN_AS[role] ?? `a ${role}`) : 'a guest';
}
