// Layer rules of ARCHITECTURE.md, checked on every `npm run lint`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'packages/shared is pure TypeScript used by both sides: no apps, no I/O.',
      severity: 'error',
      from: { path: '^packages/shared/src' },
      to: { path: '^(apps/|node:|fs$|net$|http$|child_process$)|node_modules/(pg|@electric-sql|fastify|react)' },
    },
    {
      name: 'apps-do-not-cross',
      comment: 'The server and the web app share code only through packages/shared.',
      severity: 'error',
      from: { path: '^apps/(server|web)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'queries-point-down',
      comment: 'routes -> service -> queries: queries never call services or routes.',
      severity: 'error',
      from: { path: '\\.queries\\.ts$' },
      to: { path: '\\.(service|routes)\\.ts$' },
    },
    {
      name: 'services-point-down',
      comment: 'A service never calls routes.',
      severity: 'error',
      from: { path: '\\.service\\.ts$' },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'no-foreign-queries',
      comment: "A module never imports another module's queries: call its service.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/([^/]+)/.+\\.queries\\.ts$', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'seed-only-calls-services',
      comment: 'The demo seed makes its data the way the app does: through services, never queries.',
      severity: 'error',
      from: { path: '^apps/server/src/seed/' },
      to: { path: '\\.queries\\.ts$' },
    },
    {
      name: 'web-features-are-independent',
      comment: 'Web features never import each other; compose them in src/app.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-lib-and-ui-are-generic',
      comment: 'src/lib and src/components know nothing of features or the app shell.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'services-and-queries-know-no-http',
      comment:
        'Only routes (and the app at the top) speak HTTP: services, queries and the layers below never import http/.',
      severity: 'error',
      from: {
        path: '^apps/server/src/(modules|authz|db|seed|jobs|mail|files|pdf)/',
        pathNot: '\\.(routes|test)\\.ts$',
      },
      to: { path: '^apps/server/src/http/' },
    },
    {
      name: 'web-features-do-not-import-the-app',
      comment: 'Features are composed by src/app, never the reverse.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-first-screen-parts-load-on-demand',
      comment:
        'The first screen (entry, providers, router, shell, folder navigation) imports the parts it shows only sometimes with import() (components/ui/onDemand, lazyWithReload): a static import puts their code and Mantine components back on the first screen (issue 15.4, ADR 0013).',
      severity: 'error',
      from: {
        path: '^apps/web/src/(main\\.tsx|app/(providers|router)\\.tsx|app/shell/|features/folders/)',
        pathNot: '\\.test\\.tsx?$',
      },
      to: {
        path: [
          '^apps/web/src/app/(firewall-modal|new-version-prompt|ie-banner)\\.tsx$',
          '^apps/web/src/app/routes/folder-activity-route\\.tsx$',
          '^apps/web/src/app/shell/getting-started-guide\\.tsx$',
          '^apps/web/src/features/auth/routes/confirm-email-route\\.tsx$',
          '^apps/web/src/features/billing/components/(subscription-modal|checkout-success-modal)\\.tsx$',
          '^apps/web/src/features/folders/components/(confirm-state-change|folder-selection-bar|inline-name-input|visitor-banner)\\.tsx$',
          '^apps/web/src/features/folders/components/row-checkbox\\.ts$',
          '^apps/web/src/features/workspaces/components/workspace-switcher\\.tsx$',
        ],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist|\\.tmp)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
