import { fileParamsSchema, fileUploadQuerySchema, storedFileSchema } from '@formwork/shared/schemas/files';
import { companyParamsSchema } from '@formwork/shared/schemas/folders';
import { uploadRules } from '@formwork/shared/uploads';
import { routeContext } from '../../authz/route-access.ts';
import { uploadFolder } from '../../authz/scopes.ts';
import { fileStorage } from '../../files/storage.ts';
import { acceptRawUploads } from '../../http/raw-upload.ts';
import type { App } from '../../http/types.ts';
import * as service from './files.service.ts';

const tags = ['files'];
const security = [{ bearer: [] }];
const largestUpload = Math.max(...Object.values(uploadRules).map((r) => r.maxBytes));

export async function fileRoutes(app: App) {
  const { db } = app.deps.database;
  const storage = fileStorage(app.deps.config);

  acceptRawUploads(app, largestUpload);

  app.post('/api/companies/:companyId/files', {
    config: { access: { permission: 'file.upload', scope: uploadFolder } },
    bodyLimit: largestUpload + 1,
    schema: {
      tags,
      security,
      summary: 'Upload a photo, signature, sketch or image (raw bytes; JPG, PNG, WebP or BMP by purpose)',
      params: companyParamsSchema,
      querystring: fileUploadQuerySchema,
      response: { 201: storedFileSchema },
    },
    handler: async (request, reply) => {
      const data = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const file = await service.uploadFile(db, storage, routeContext(request), {
        purpose: request.query.purpose,
        keepLocation: request.query.keepLocation === 'true',
        fileName: request.query.fileName,
        data,
      });
      return reply.status(201).send(file);
    },
  });

  app.get('/api/companies/:companyId/files/:fileId', {
    config: { access: { permission: 'folder.view' } },
    schema: { tags, security, summary: 'Download a stored file', params: fileParamsSchema },
    handler: async (request, reply) => {
      const { file, stream } = await service.readFile(db, storage, routeContext(request), request.params.fileId);
      const extension = file.contentType === 'image/png' ? 'png' : 'jpg';
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileId}.${extension}"`)
        .header('cache-control', 'private, max-age=3600')
        .send(stream);
    },
  });
}
