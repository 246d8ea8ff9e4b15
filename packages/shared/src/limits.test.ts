import { describe, expect, it } from 'vitest';
import { exceededLimits, limitsFor, type PlanUsage, planAllows, planExceededMessage, planTypes } from './limits.ts';
import { createWorkspaceAccess, planAllowsExtraWorkspaces, plans } from './permissions.ts';

const none: PlanUsage = {
  fieldsPerTemplate: 0,
  logicRulesPerBlock: 0,
  logicBlocksPerField: 0,
  approvalSignatureLogicFields: 0,
  approvalSignatureConditions: 0,
  listPropertyFields: 0,
  locationFields: 0,
  pdfFilenameCustomFields: 0,
  propertiesPerList: 0,
  listPropertyTableColumns: 0,
  visitors: 0,
  paidUsers: 0,
  workspaces: 1,
  ssoEnabled: false,
};

describe('the plan types table (spec 5.2)', () => {
  it('has every plan type, with the spec values', () => {
    expect(Object.keys(planTypes).sort()).toEqual([...plans].sort());
    expect(limitsFor('standard')).toMatchObject({ logicRulesPerBlock: 3, listPropertyFields: 3 });
    expect(limitsFor('premium')).toMatchObject({
      logicRulesPerBlock: 6,
      approvalSignatureLogicFields: 12,
      listPropertyFields: 50,
      locationFields: 20,
      pdfFilenameCustomFields: 8,
    });
  });

  it('standard excludes the seven features of 5.2; the free trial only extra workspaces (5.4)', () => {
    expect(planTypes.standard.excludedFeatures).toEqual([
      'approvalSignatureConditions',
      'approvalSignatureLogic',
      'visitors',
      'paidUsers',
      'multipleWorkspaces',
      'sso',
      'pdfFilenameCustomFields',
    ]);
    expect(planTypes.free_trial.excludedFeatures).toEqual(['multipleWorkspaces']);
    expect(planAllows('pro', 'visitors')).toBe(true);
  });

  it('extra workspaces follow the table (not on Standard or Free Trial)', () => {
    expect(plans.filter(planAllowsExtraWorkspaces)).toEqual(['pro', 'premium', 'platinum']);
    expect(planAllowsExtraWorkspaces(null)).toBe(false);
    const orgController = {
      isAdmin: false,
      isVisitorOnly: false,
      userType: 'contributor',
      isOrgController: true,
    } as const;
    expect(createWorkspaceAccess({ ...orgController, plan: 'free_trial' })).toEqual({
      enabled: false,
      showBanner: true,
    });
    expect(createWorkspaceAccess({ ...orgController, plan: 'premium' })).toEqual({ enabled: true, showBanner: false });
  });
});

describe('exceededLimits: which plans a usage still fits (spec 5.2)', () => {
  it('nothing used fits every plan', () => {
    for (const plan of plans) expect(exceededLimits(plan, none)).toEqual([]);
  });

  it('a numeric limit beyond the plan', () => {
    expect(exceededLimits('premium', { ...none, locationFields: 21 })).toEqual(['locationFields']);
    expect(exceededLimits('premium', { ...none, locationFields: 20 })).toEqual([]);
    expect(exceededLimits('standard', { ...none, logicRulesPerBlock: 4, listPropertyFields: 4 })).toEqual([
      'logicRulesPerBlock',
      'listPropertyFields',
    ]);
  });

  it('a feature the plan excludes, each named once', () => {
    expect(exceededLimits('standard', { ...none, visitors: 2, workspaces: 2 })).toEqual([
      'visitors',
      'multipleWorkspaces',
    ]);
    expect(exceededLimits('standard', { ...none, pdfFilenameCustomFields: 1 })).toEqual(['pdfFilenameCustomFields']);
    expect(
      exceededLimits('standard', { ...none, approvalSignatureLogicFields: 1, approvalSignatureConditions: 2 }),
    ).toEqual(['approvalSignatureLogicFields', 'approvalSignatureConditions', 'approvalSignatureLogic']);
    expect(exceededLimits('pro', { ...none, visitors: 2, workspaces: 2, ssoEnabled: true })).toEqual([]);
  });

  it("the spec's message", () => {
    expect(planExceededMessage).toBe(
      "You've exceeded the limits of this plan. Check your Home Folder > Settings for more info.",
    );
  });
});
