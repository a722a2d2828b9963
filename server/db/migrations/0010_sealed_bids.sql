-- Reserved slot; the issue's work fills it in.
SELECT 1;
