import { refusalMessage, roleCan, type TeamPermission, type TeamRole } from '@portal/shared';
import { useSession } from './session';

/** The signed-in person's role in their team (issue 45); a team of one is its owner. */
export function useTeamRole(): TeamRole {
  const { data: user } = useSession();
  return user?.team?.role ?? 'owner';
}

/** Whether the person's role holds `permission`: the app hides what the server would refuse. */
export function useCan(permission: TeamPermission): boolean {
  return roleCan(useTeamRole(), permission);
}

/** The server's own words for a refused role, for a page the role cannot open. */
export const cannotMessage = (role: TeamRole, permission: TeamPermission): string =>
  refusalMessage(role, permission);
