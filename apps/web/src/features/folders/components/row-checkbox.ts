// The select mode's checkbox of a folder row: Mantine's Checkbox loads when select mode first
// starts, not with the first screen (issue 15.4).
export { Checkbox } from '@mantine/core';
