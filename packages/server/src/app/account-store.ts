import type { AccountStore } from '../auth/authenticator';
import type { Repositories } from '../storage';

/** Adapts the users repository to what authentication needs. */
export function accountStore(repos: Repositories): AccountStore {
  return {
    async findAccount(id) {
      const row = await repos.users.findById(id);
      return row ? { id: row.id, anonymous: row.isAnonymous, isAdmin: row.isAdmin } : undefined;
    },
    async linkProviderAccount(identity) {
      const row = await repos.users.upsertProviderUser({
        idpUserId: identity.providerUserId,
        ...(Object.keys(identity.social).length > 0 ? { socialIds: identity.social } : {}),
      });
      return { id: row.id, isAdmin: row.isAdmin };
    },
  };
}
