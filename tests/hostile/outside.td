def outside_the_project;
