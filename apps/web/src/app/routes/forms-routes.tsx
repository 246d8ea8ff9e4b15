import { can } from '@formwork/shared/permissions';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormActions } from '../../features/actions/components/form-actions.tsx';
import { useCurrentUser } from '../../features/auth/api/current-user.ts';
import { mySignaturePng } from '../../features/auth/api/profile.ts';
import { FormPage, type FormPageContext, NewFormPage } from '../../features/forms/components/form-page.tsx';
import { WorkflowBoard } from '../../features/forms/components/workflow-board.tsx';
import { useTeamPeople } from '../../features/people/api/team-people.ts';
import { RegisterPage } from '../../features/registers/components/register-page.tsx';
import { useTeamTemplates } from '../../features/timeline/api/timeline.ts';
import { TeamFormsPage } from '../../features/timeline/components/team-forms-page.tsx';
import { useAccessibleWorkspaces } from '../../features/workspaces/api/accessible-workspaces.ts';
import { formPath } from '../../lib/form-paths.ts';
import { apiRequest } from '../../lib/http.ts';
import { templateQuery } from '../../lib/template-query.ts';
import { showToast } from '../../lib/toast.tsx';
import { useTranslation } from '../../lib/translate.tsx';
import type { FolderLocation } from '../shell/folder-location.ts';
import { useShellContext } from '../shell/shell-layout.tsx';

function Waiting() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}

/** Forms live in team folders; other levels say so rather than showing an empty page. */
function TeamOnly() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh">
      <Text c="dimmed">{t('forms.teamOnly')}</Text>
    </Center>
  );
}

/** The navigated team and the signed-in user, once both are known. */
function useTeamScope(): { location: FolderLocation; context: FormPageContext } | 'loading' | 'notTeam' {
  const { result } = useShellContext();
  const { level } = useParams();
  const me = useCurrentUser();
  const location = result.status === 'found' ? result.location : null;
  const teamPeople = useTeamPeople(level === 'teams' ? location?.folderId : undefined);
  const workspaces = useAccessibleWorkspaces();
  // Spec 6: the default signature is made from the name when the workspace turned it on.
  const defaultSignature =
    workspaces.data?.find((w) => w.workspaceId === location?.companyId)?.featureToggles.enableDefaultSignatureUser ??
    false;
  const context = useMemo<FormPageContext | null>(() => {
    if (!location || !me.data) return null;
    const person = { userId: me.data.userId, name: `${me.data.firstName} ${me.data.lastName}`.trim() || me.data.email };
    const people = teamPeople.data ?? [person];
    return {
      companyId: location.companyId,
      teamId: location.folderId,
      me: person,
      mySignature: () => mySignaturePng(location.companyId, defaultSignature),
      people,
      filePath: [location.companyName, location.projectName, location.teamName].filter(Boolean).join(' > '),
      // Actions live in their own feature; the form page shows them in its Actions cells.
      actionsSlot: ({ formId, field, readOnly }) => (
        <FormActions
          teamId={location.folderId}
          formId={formId}
          fieldId={field.id}
          people={people}
          readOnly={readOnly}
        />
      ),
    };
  }, [location, me.data, teamPeople.data, defaultSignature]);
  if (level !== 'teams') return 'notTeam';
  if (!location || !context) return 'loading';
  return { location, context };
}

const teamRef = (location: FolderLocation) => ({ kind: 'team' as const, path: location.path });

/** /apps/teams/{teamId}/forms: the team's forms as a dated feed. */
export function TeamFormsRoute() {
  const scope = useTeamScope();
  const [search, setSearch] = useSearchParams();
  if (scope === 'notTeam') return <TeamOnly />;
  if (scope === 'loading') return <Waiting />;
  const { location } = scope;
  const state = search.get('state') === 'archived' ? 'archived' : 'active';
  return (
    <TeamFormsPage
      key={location.folderId}
      teamId={location.folderId}
      teamName={location.teamName}
      state={state}
      onStateChange={(next) => setSearch(next === 'archived' ? { state: 'archived' } : {}, { replace: true })}
      canCreate={location.state === 'active' && can(location.viewer, 'form.create', teamRef(location))}
      canChange={{
        archive: can(location.viewer, 'form.archive', teamRef(location)),
        restore: can(location.viewer, 'form.restore', teamRef(location)),
        delete: can(location.viewer, 'form.delete', teamRef(location)),
      }}
    />
  );
}

/** /apps/teams/{teamId}/forms/{formId} */
export function FormRoute() {
  const scope = useTeamScope();
  const { formId } = useParams();
  if (scope === 'notTeam') return <TeamOnly />;
  if (scope === 'loading' || !formId) return <Waiting />;
  return <FormPage key={formId} context={scope.context} formId={formId} />;
}

/** /apps/teams/{teamId}/forms/new/{templateId} */
export function NewFormRoute() {
  const scope = useTeamScope();
  const { templateId } = useParams();
  if (scope === 'notTeam') return <TeamOnly />;
  if (scope === 'loading' || !templateId) return <Waiting />;
  return <NewFormPage key={templateId} context={scope.context} templateId={templateId} />;
}

/** /apps/teams/{teamId}/register/{templateId} */
export function RegisterRoute() {
  const scope = useTeamScope();
  const { templateId } = useParams();
  const [search] = useSearchParams();
  if (scope === 'notTeam') return <TeamOnly />;
  if (scope === 'loading' || !templateId) return <Waiting />;
  const { location, context } = scope;
  return (
    <RegisterPage
      key={`${location.folderId}:${templateId}`}
      teamId={location.folderId}
      templateId={templateId}
      canCreate={location.state === 'active' && can(location.viewer, 'form.create', teamRef(location))}
      me={context.me}
      initialFilters={search.getAll('filter')}
    />
  );
}

/** /apps/teams/{teamId}/grid/{templateId}: the board of a Workflow template, the feed of the others. */
export function GridRoute() {
  const scope = useTeamScope();
  const { templateId } = useParams();
  const [search, setSearch] = useSearchParams();
  const teamId = typeof scope === 'object' ? scope.location.folderId : '';
  const templates = useTeamTemplates(teamId);
  if (scope === 'notTeam') return <TeamOnly />;
  if (scope === 'loading' || !templateId || templates.isPending) return <Waiting />;
  const { location, context } = scope;
  const template = templates.data?.templates.find((tpl) => tpl.templateId === templateId);
  const canCreate = location.state === 'active' && can(location.viewer, 'form.create', teamRef(location));
  if (template?.type === 'workflow') {
    return (
      <WorkflowBoard
        key={`${location.folderId}:${templateId}`}
        companyId={location.companyId}
        teamId={location.folderId}
        templateId={templateId}
        me={context.me}
        canCreate={canCreate}
        canMove={can(location.viewer, 'form.workflowMove', teamRef(location))}
      />
    );
  }
  const state = search.get('state') === 'archived' ? 'archived' : 'active';
  return (
    <TeamFormsPage
      key={`${location.folderId}:${templateId}`}
      teamId={location.folderId}
      teamName={location.teamName}
      templateId={templateId}
      state={state}
      onStateChange={(next) => setSearch(next === 'archived' ? { state: 'archived' } : {}, { replace: true })}
      canCreate={canCreate}
      canChange={{
        archive: can(location.viewer, 'form.archive', teamRef(location)),
        restore: can(location.viewer, 'form.restore', teamRef(location)),
        delete: can(location.viewer, 'form.delete', teamRef(location)),
      }}
    />
  );
}

/**
 * /apps/{appId}/forms/workflow/{formId} (spec 2.2, the target of the legacy secure/ path): finds
 * the team of the form among the template's teams and opens it there.
 */
export function WorkflowFormRedirectRoute() {
  const { t } = useTranslation();
  const { appId, formId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!appId || !formId) return;
    let alive = true;
    (async () => {
      const template = await queryClient.fetchQuery(templateQuery(appId));
      const teams = template.isCompany ? template.deployedTeamIds : template.path.slice(2, 3);
      for (const teamId of teams) {
        try {
          await apiRequest(`/api/teams/${encodeURIComponent(teamId)}/forms/${encodeURIComponent(formId)}`);
          if (alive) navigate(formPath(teamId, formId), { replace: true });
          return;
        } catch {
          // Not in this team (or not visible here): try the next.
        }
      }
      throw new Error('not found');
    })().catch(() => {
      if (!alive) return;
      showToast('error', t('forms.formUnavailable'));
      navigate('/home', { replace: true });
    });
    return () => {
      alive = false;
    };
  }, [appId, formId, navigate, queryClient, t]);
  if (!appId || !formId) return <Navigate to="/404" replace />;
  return (
    <Stack align="center" mt="xl">
      <Loader />
      <Text size="sm">{t('forms.opening')}</Text>
    </Stack>
  );
}
