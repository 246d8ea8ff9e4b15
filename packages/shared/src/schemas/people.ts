import { z } from 'zod';
import { userTypes } from '../permissions.ts';

/** Someone who may be picked in a person field or as an action's assignee (spec 3). */
export const personSchema = z.object({
  userId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(userTypes),
});
export type Person = z.infer<typeof personSchema>;

/** The people who can see a team folder: roles there, on its project or on the company. */
export const teamPeopleSchema = z.object({ people: z.array(personSchema) });
