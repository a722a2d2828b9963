// Chart.js with only the pieces the inquiry figures use, loaded lazily by that page.
import { ArcElement, BarController, BarElement, CategoryScale, Chart, DoughnutController, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, LinearScale, CategoryScale, DoughnutController, ArcElement, Tooltip, Legend, Filler);
Chart.defaults.font.family = "'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif";
Chart.defaults.color = '#6b7280';

export { Chart };
