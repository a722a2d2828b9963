// Placeholder until this page is built.
export { default } from '@/pages/coming-soon';
