import type { CatalogueEntry } from './catalogue/build.ts';
import { concretePour } from './catalogue/concrete-pour.ts';
import { confinedSpacePermit } from './catalogue/confined-space-permit.ts';
import { craneLiftPlan } from './catalogue/crane-lift-plan.ts';
import { dailyTimesheet } from './catalogue/daily-timesheet.ts';
import { defectList } from './catalogue/defect-list.ts';
import { emergencyDrill } from './catalogue/emergency-drill.ts';
import { environmentalInspection } from './catalogue/environmental-inspection.ts';
import { excavationPermit } from './catalogue/excavation-permit.ts';
import { firstAid } from './catalogue/first-aid.ts';
import { hazardReport } from './catalogue/hazard-report.ts';
import { hotWorkPermit } from './catalogue/hot-work-permit.ts';
import { incidentReport } from './catalogue/incident-report.ts';
import { inspectionTestPlan } from './catalogue/inspection-test-plan.ts';
import { jobSafetyAnalysis } from './catalogue/job-safety-analysis.ts';
import { materialsReceived } from './catalogue/materials-received.ts';
import { nonConformance } from './catalogue/non-conformance.ts';
import { permitToWork } from './catalogue/permit-to-work.ts';
import { plantPrestart } from './catalogue/plant-prestart.ts';
import { prestartMeeting } from './catalogue/prestart-meeting.ts';
import { requestForInformation } from './catalogue/request-for-information.ts';
import { scaffoldInspection } from './catalogue/scaffold-inspection.ts';
import { siteDiary } from './catalogue/site-diary.ts';
import { siteInduction } from './catalogue/site-induction.ts';
import { spillReport } from './catalogue/spill-report.ts';
import { swms } from './catalogue/swms.ts';
import { testAndTag } from './catalogue/test-and-tag.ts';
import { toolboxTalk } from './catalogue/toolbox-talk.ts';
import { variationRequest } from './catalogue/variation-request.ts';
import { vehiclePrestart } from './catalogue/vehicle-prestart.ts';
import { visitorRegister } from './catalogue/visitor-register.ts';
import { wasteRegister } from './catalogue/waste-register.ts';
import { workingAtHeights } from './catalogue/working-at-heights.ts';

/** Every template of the free library (issue 22.2), one file each under catalogue/, shelf by shelf. */
export const catalogue: readonly CatalogueEntry[] = [
  emergencyDrill,
  firstAid,
  hazardReport,
  incidentReport,
  jobSafetyAnalysis,
  siteInduction,
  swms,
  toolboxTalk,
  workingAtHeights,
  confinedSpacePermit,
  excavationPermit,
  hotWorkPermit,
  permitToWork,
  craneLiftPlan,
  plantPrestart,
  scaffoldInspection,
  testAndTag,
  vehiclePrestart,
  concretePour,
  defectList,
  inspectionTestPlan,
  nonConformance,
  requestForInformation,
  dailyTimesheet,
  materialsReceived,
  prestartMeeting,
  siteDiary,
  variationRequest,
  visitorRegister,
  environmentalInspection,
  spillReport,
  wasteRegister,
];
