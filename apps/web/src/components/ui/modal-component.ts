// The chunk that OnDemandModal loads: Mantine's Modal, with its focus trap, overlay and scroll lock.
export { Modal as default } from '@mantine/core';
