import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { UploadsFieldView } from './UploadsField';

/**
 * The uploads field of claims and adjustments (UploadsField.tsx) in each state a person meets:
 * empty, with one or several images, uploading, with an error, and disabled once it holds the
 * most it takes. The view is given its state, as there is no API to upload to here.
 */
const photo = (colour: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${colour}"/><rect x="14" y="20" width="36" height="28" fill="#c8a165"/></svg>`,
  )}`;
const PHOTOS = [photo('#dde7f3'), photo('#f3e4dd'), photo('#e2f3dd')];

const meta = {
  title: 'Form parts/Uploads',
  component: UploadsFieldView,
  args: {
    id: 'claim-photos',
    label: 'Photos of the damage',
    hint: 'PNG, JPEG or WebP, up to 5 MB each.',
    item: 'photo',
    listLabel: 'Photos added',
    urls: [],
    max: 3,
    error: undefined,
    uploading: false,
    onFileChange: fn(),
    onRemove: fn(),
  },
} satisfies Meta<typeof UploadsFieldView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const OneImage: Story = { args: { urls: PHOTOS.slice(0, 1) } };
export const SeveralImages: Story = { args: { urls: PHOTOS.slice(0, 2), max: 5 } };
export const Uploading: Story = { args: { urls: PHOTOS.slice(0, 1), uploading: true } };
export const WithError: Story = { args: { error: 'Please select an image file' } };
/** Holding the most it takes: the file input is disabled and the hint says why. */
export const Disabled: Story = { args: { urls: PHOTOS } };
