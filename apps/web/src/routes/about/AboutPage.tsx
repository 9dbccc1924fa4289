import { AboutPage } from '../../features/legal/AboutPage.tsx';

export default AboutPage;
