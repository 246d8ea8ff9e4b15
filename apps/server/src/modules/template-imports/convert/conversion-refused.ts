import { cannotConvert } from '@formwork/shared/templates/template-imports';

/** A file that cannot become a template, with the reason the user is told (spec 8.2). */
export class ConversionRefused extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(cannotConvert(reason));
    this.name = 'ConversionRefused';
    this.reason = reason;
  }
}
