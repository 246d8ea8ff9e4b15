import { Suspense, useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAction } from '../../features/actions/api/actions.ts';
import { useCurrentUser } from '../../features/auth/api/current-user.ts';
import { useTeamPeople } from '../../features/people/api/team-people.ts';
import { lazyWithReload } from '../../lib/lazy-with-reload.ts';
import { showToast } from '../../lib/toast.tsx';
import { useTranslation } from '../../lib/translate.tsx';

// The action modal (and the form parts it uses) loads when an action is opened, not with the shell.
const ActionModal = lazyWithReload(() =>
  import('../../features/actions/components/action-editor.tsx').then((m) => ({ default: m.ActionModal })),
);

/**
 * Spec 2.1 / 8.2: ?actionId opens the action modal (the assignment e-mail links here) of the
 * shell's workspace (action ids are unique per workspace only; `workspaceId` is null until the
 * shell knows it); an unknown action says actionNotFound; an empty id gives generalErr and goes to /home.
 */
export function ActionFromQuery({ workspaceId }: { workspaceId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const me = useCurrentUser();
  const actionId = search.get('actionId');
  const handledEmpty = useRef(false);
  // The people of the action's team can be assignees; the signed-in user at least.
  const actionRef = actionId?.trim() && workspaceId ? { workspaceId, actionId } : null;
  const action = useAction(actionRef);
  const teamPeople = useTeamPeople(action.data?.path.team.id);
  const people = useMemo(() => {
    const self = me.data ? [{ userId: me.data.userId, name: `${me.data.firstName} ${me.data.lastName}`.trim() }] : [];
    return teamPeople.data ?? self;
  }, [me.data, teamPeople.data]);
  const close = () =>
    setSearch(
      (current) => {
        current.delete('actionId');
        return current;
      },
      { replace: true },
    );
  useEffect(() => {
    if (actionId !== null && actionId.trim() === '' && !handledEmpty.current) {
      handledEmpty.current = true;
      showToast('error', t('generalErr'));
      navigate('/home', { replace: true });
    }
  }, [actionId, navigate, t]);
  if (!actionRef) return null;
  return (
    <Suspense fallback={null}>
      <ActionModal
        key={`${actionRef.workspaceId}/${actionRef.actionId}`}
        actionRef={actionRef}
        people={people}
        onClose={close}
        onNotFound={() => {
          showToast('error', t('actionNotFound'));
          close();
        }}
      />
    </Suspense>
  );
}
